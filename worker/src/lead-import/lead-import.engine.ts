import {
  LEAD_IMPORT_BATCH,
  LEAD_IMPORT_DEFAULTS,
  LeadImportRow,
  mapLeadRow,
  parseBudget,
  phoneKey,
  type LeadImportCounts,
} from '@realty/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ImportError, LeadImportRepository, LeadPatch, NewLead } from './lead-import.repository';

/** One valid row waiting for its batch. */
interface Pending {
  row: number;
  value: LeadImportRow;
}

/** What the file's earlier rows became: the lead a later duplicate points at. */
type Seen = Map<string, string>;

/**
 * The import of one file's rows (issue 22 lead import): rows are checked one by one with the
 * LeadImportRow DTO (libs/contracts) and written LEAD_IMPORT_BATCH at a time, each batch in one
 * transaction with the progress and counts. A valid row whose phone key (digits, last 10) or
 * lower-case e-mail matches a live lead, or an earlier row of the same file, is a duplicate:
 * flagged (inserted with duplicate_of_id) or, with mergeDuplicates, merged into that lead (its
 * empty fields filled, a 'merged' activity). A dry run does the same reads and counts but writes
 * only its errors (to show and download) and progress.
 *
 * Counts: totalRows = data rows; errorCount = rows with at least one error (each wrong field is
 * one line of the errors file); duplicateCount = valid rows matching a lead or an earlier row;
 * mergedCount = those merged (mergeDuplicates) else 0; createdCount = leads inserted
 * (valid rows, less the merged ones).
 */
export class LeadImportEngine {
  readonly counts: LeadImportCounts = { totalRows: 0, createdCount: 0, duplicateCount: 0, mergedCount: 0, errorCount: 0 };
  private pending: Pending[] = [];
  private errors: ImportError[] = [];
  private rowsInBatch = 0;
  private batches = 0;
  private writing: Promise<void> = Promise.resolve();
  private readonly seenPhone: Seen = new Map();
  private readonly seenEmail: Seen = new Map();

  constructor(
    private readonly db: DataSource,
    private readonly repo: LeadImportRepository,
    private readonly opts: {
      importId: string;
      mapping: string[];
      mergeDuplicates: boolean;
      dryRun: boolean;
      actorId: string | null;
      staff: Map<string, string>;
    },
  ) {}

  /** Checks one data row (`row`: its number in the file, the header being 1); writes a batch when one is full. */
  async add(row: number, cells: string[]): Promise<void> {
    this.counts.totalRows += 1;
    this.rowsInBatch += 1;
    const values = mapLeadRow(this.opts.mapping, cells);
    const value = plainToInstance(LeadImportRow, values);
    const problems = validateSync(value, { whitelist: true, stopAtFirstError: true, forbidUnknownValues: false });
    if (problems.length) {
      this.counts.errorCount += 1;
      for (const p of problems) {
        const messages = Object.values(p.constraints ?? {});
        this.errors.push({ row, field: p.property, message: messages[messages.length - 1] ?? 'field.invalid', original: cells });
      }
    } else this.pending.push({ row, value });
    if (this.rowsInBatch >= LEAD_IMPORT_BATCH) await this.flush();
  }

  /** Writes what is pending (the last, partial batch). */
  async flush(): Promise<void> {
    if (!this.rowsInBatch) return;
    const batch = this.pending;
    const errors = this.errors;
    this.pending = [];
    this.errors = [];
    this.rowsInBatch = 0;
    // Fresh statistics before the first lookup and after every ANALYZE_EVERY batches.
    if (this.batches++ % ANALYZE_EVERY === 0) await this.repo.analyzeLeads();

    // Duplicates of earlier rows of the file first, then one query against live leads for the rest.
    const keys = batch.map((p) => ({ phone: p.value.phone ? phoneKey(p.value.phone) : '', email: p.value.email ?? '' }));
    const inFile = keys.map((k) => (k.phone && this.seenPhone.get(k.phone)) || (k.email && this.seenEmail.get(k.email)) || null);
    const lookup = batch.map((_, i) => i).filter((i) => !inFile[i]);
    const found = await this.repo.findDuplicates(lookup.map((i) => keys[i]));
    const inDb: Array<string | null> = batch.map(() => null);
    lookup.forEach((i, n) => (inDb[i] = found[n]));

    const inserts: NewLead[] = [];
    const byId = new Map<string, NewLead>();
    const patches = new Map<string, LeadPatch>();
    const merged: Array<{ leadId: string; row: number }> = [];
    for (let i = 0; i < batch.length; i++) {
      const { row, value: v } = batch[i];
      // A row of this batch may match a row inserted just before it (inFile is known only at the start of the batch).
      const earlier = (keys[i].phone && this.seenPhone.get(keys[i].phone)) || (keys[i].email && this.seenEmail.get(keys[i].email)) || null;
      const target = earlier ?? inFile[i] ?? inDb[i];
      let leadId: string;
      if (target) {
        this.counts.duplicateCount += 1;
        if (this.opts.mergeDuplicates) {
          this.counts.mergedCount += 1;
          merged.push({ leadId: target, row });
          const fresh = byId.get(target);
          if (fresh) fillEmpty(fresh, v);
          else patches.set(target, fillEmpty(patches.get(target) ?? emptyPatch(target), v));
          leadId = target;
        } else {
          leadId = this.insert(inserts, byId, row, v, target);
        }
      } else {
        leadId = this.insert(inserts, byId, row, v, null);
      }
      if (keys[i].phone && !this.seenPhone.has(keys[i].phone)) this.seenPhone.set(keys[i].phone, target ?? leadId);
      if (keys[i].email && !this.seenEmail.has(keys[i].email)) this.seenEmail.set(keys[i].email, target ?? leadId);
    }
    this.counts.createdCount += inserts.length;

    // One write in flight at most: the previous batch was written while this one was read, checked
    // and looked up (the lookup needs none of its rows: the file's own rows are in the seen maps).
    // A failed write stops the import here.
    await this.writing;

    const { importId, dryRun, actorId } = this.opts;
    const progress = dryRun ? ZERO : { ...this.counts };
    const processed = this.counts.totalRows;
    // The batch is written while the next one is read and checked; writes stay in file order.
    const previous = this.writing;
    this.writing = (async () => {
      await previous;
      await this.db.transaction(async (m) => {
        if (!dryRun) {
          await this.repo.insertLeads(m, inserts, importId, actorId);
          await this.repo.mergeInto(m, [...patches.values()], merged, importId, actorId);
        }
        await this.repo.insertErrors(m, importId, dryRun, errors);
        await this.repo.progress(m, importId, processed, progress);
      });
    })();
    // A failed write is thrown by the next flush or by drain(); never an unhandled rejection meanwhile.
    this.writing.catch(() => undefined);
  }

  /** Waits until every batch is written (throws what a write threw). */
  async drain(): Promise<void> {
    await this.writing;
  }

  /** Queues a new lead from a valid row (defaults for empty fields; owner by the owner e-mail when it is a CRM user). */
  private insert(inserts: NewLead[], byId: Map<string, NewLead>, row: number, v: LeadImportRow, duplicateOfId: string | null): string {
    const lead: NewLead = {
      id: randomUUID(),
      firstName: v.firstName ?? '',
      lastName: v.lastName ?? '',
      phone: v.phone ?? '',
      email: v.email ?? '',
      telegram: v.telegram ?? '',
      source: v.source ?? LEAD_IMPORT_DEFAULTS.source,
      topic: v.topic ?? LEAD_IMPORT_DEFAULTS.topic,
      message: v.message ?? null,
      status: v.status ?? LEAD_IMPORT_DEFAULTS.status,
      quality: v.quality ?? LEAD_IMPORT_DEFAULTS.quality,
      budget: v.budget ? parseBudget(v.budget) : null,
      ownerId: (v.ownerEmail && this.opts.staff.get(v.ownerEmail)) || this.opts.actorId,
      duplicateOfId,
      row,
    };
    inserts.push(lead);
    byId.set(lead.id, lead);
    return lead.id;
  }
}

/** Batches between two ANALYZE of leads (the table grows by up to 1,000 rows a batch). */
const ANALYZE_EVERY = 10;

const ZERO = { createdCount: 0, duplicateCount: 0, mergedCount: 0, errorCount: 0 };

function emptyPatch(id: string): LeadPatch {
  return { id, firstName: '', lastName: '', phone: '', email: '', telegram: '', message: null, budget: null };
}

/** Fills the empty fields of `into` (a queued lead or a patch) from a duplicate row `v`; answers `into`. */
function fillEmpty<T extends LeadPatch | NewLead>(into: T, v: LeadImportRow): T {
  if (!into.firstName && v.firstName) into.firstName = v.firstName;
  if (!into.lastName && v.lastName) into.lastName = v.lastName;
  if (!into.phone && v.phone) into.phone = v.phone;
  if (!into.email && v.email) into.email = v.email;
  if (!into.telegram && v.telegram) into.telegram = v.telegram;
  if (!into.message && v.message) into.message = v.message;
  if (into.budget === null && v.budget) into.budget = parseBudget(v.budget);
  return into;
}
