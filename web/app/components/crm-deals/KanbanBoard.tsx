import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Form, Link, useFetcher } from '@remix-run/react';
import { OPEN_DEAL_STAGES, type CrmScope, type DealCardDto, type DealStage, type KanbanColumnDto, type Language } from '@realty/contracts';
import { formatDate, formatMoney } from '@realty/i18n/format';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput, CSRF_FIELD, useAuthenticityToken } from '~/components/csrf';
import { useToastEffect } from '~/components/toast/Toaster';
import type { DealPostAnswer } from '~/lib/crm-deals/crm-deals.server';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { CloseDealDialog } from './CloseDeal';

type Board = Record<DealStage, DealCardDto[]>;
const toBoard = (columns: KanbanColumnDto[]) => Object.fromEntries(columns.map((c) => [c.stage, c.deals])) as Board;
const columnId = (stage: DealStage) => `column:${stage}`;

/** Drop targets: the card or column under the pointer (cards first); for the keyboard the closest corners. */
const collision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    const cards = hits.filter((h) => args.droppableContainers.find((c) => c.id === h.id)?.data.current?.type === 'card');
    if (cards.length) return cards;
    if (hits.length) return hits;
  }
  return closestCorners(args);
};

/**
 * The deals kanban board (issue 22 "Deals"; spec 02 §2 "kanban view with stages", §4 move and
 * close are separate actions): one column per stage with its count and sum (₸), the cards by
 * position. Dragging (@dnd-kit: mouse, touch, keyboard: Space, arrows, Space; announced in the
 * page's language) moves a card: the route's action sends PATCH move through a fetcher; a
 * refusal shows a toast and the board reloads (the card goes back). A drop into won / lost opens
 * the close dialog. Without JavaScript (and as the alternative to dragging), each card has a
 * stage select with a Move button (a plain POST) and a link to its page, where it is closed.
 */
export function KanbanBoard({
  columns,
  scope,
  view,
  lang,
  back,
}: {
  columns: KanbanColumnDto[];
  scope: CrmScope;
  /** The board's search and type filter: a move's index counts the cards they show. */
  view: { q: string; type: string };
  lang: Language;
  back: string;
}) {
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const hydrated = useHydrated();
  const token = useAuthenticityToken();
  const fetcher = useFetcher<DealPostAnswer>();
  useToastEffect(fetcher.data && !fetcher.data.ok ? fetcher.data.toast : null);
  const [board, setBoard] = useState<Board>(() => toBoard(columns));
  const [active, setActive] = useState<DealCardDto | null>(null);
  const [closing, setClosing] = useState<{ deal: DealCardDto; result: 'won' | 'lost' } | null>(null);
  // The server's board after every load (a move's answer reloads it: a refused card goes back).
  useEffect(() => setBoard(toBoard(columns)), [columns]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    // The board scrolls sideways: an arrow first scrolls a far column into view (at once), the next one moves there.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );

  const find = (id: UniqueIdentifier) => {
    for (const c of columns) {
      const deal = board[c.stage]?.find((d) => d.id === id);
      if (deal) return { deal, stage: c.stage };
    }
    return null;
  };
  const stageLabel = (s: DealStage) => tc(`dealStage.${s}`);
  const targetOf = (over: DragEndEvent['over']) => (over?.data.current?.stage as DealStage | undefined) ?? null;

  const onDragStart = ({ active: a }: DragStartEvent) => setActive(find(a.id)?.deal ?? null);
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const from = find(a.id);
    const to = targetOf(over);
    if (!from || !to || !over) return;
    if (to === 'won' || to === 'lost') {
      if (from.stage !== to) setClosing({ deal: from.deal, result: to });
      return;
    }
    const source = board[from.stage];
    const target = board[to];
    const overIndex = over.data.current?.type === 'card' ? target.findIndex((d) => d.id === over.id) : -1;
    let next: Board;
    let index: number;
    if (from.stage === to) {
      if (a.id === over.id) return;
      index = overIndex < 0 ? source.length - 1 : overIndex;
      const oldIndex = source.findIndex((d) => d.id === a.id);
      if (oldIndex === index) return;
      next = { ...board, [to]: arrayMove(source, oldIndex, index) };
    } else {
      index = overIndex < 0 ? target.length : overIndex;
      const moved = { ...from.deal, stage: to };
      next = {
        ...board,
        [from.stage]: source.filter((d) => d.id !== a.id),
        [to]: [...target.slice(0, index), moved, ...target.slice(index)],
      };
    }
    setBoard(next);
    const body = new FormData();
    body.set(CSRF_FIELD, token);
    body.set('intent', 'move');
    body.set('js', '1');
    body.set('id', String(a.id));
    body.set('stage', to);
    body.set('position', String(index));
    body.set('scope', scope);
    body.set('q', view.q);
    body.set('type', view.type);
    fetcher.submit(body, { method: 'post' });
  };

  const count = (stage: DealStage) => columns.find((c) => c.stage === stage)?.count ?? 0;
  const content = (
    <div className="crm-board" role="list" aria-label={t('board')}>
      {columns.map((c) => (
        <Column key={c.stage} column={c} deals={board[c.stage] ?? []} lang={lang} sortable={hydrated} back={back} scope={scope} />
      ))}
    </div>
  );

  return (
    <>
      {hydrated ? (
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActive(null)}
          accessibility={{
            screenReaderInstructions: { draggable: t('dnd.instructions') },
            announcements: {
              onDragStart: ({ active: a }) => {
                const f = find(a.id);
                return f ? t('dnd.picked', { title: f.deal.title, stage: stageLabel(f.stage) }) : undefined;
              },
              onDragOver: ({ active: a, over }) => {
                const f = find(a.id);
                const to = targetOf(over);
                return f && to ? t('dnd.over', { title: f.deal.title, stage: stageLabel(to) }) : undefined;
              },
              onDragEnd: ({ active: a, over }) => {
                const f = find(a.id);
                const to = targetOf(over);
                if (!f || !to) return undefined;
                if (to === 'won' || to === 'lost') return t('dnd.toClose', { title: f.deal.title, stage: stageLabel(to) });
                return t('dnd.dropped', { title: f.deal.title, stage: stageLabel(to), count: count(to) });
              },
              onDragCancel: ({ active: a }) => t('dnd.cancelled', { title: find(a.id)?.deal.title ?? '' }),
            },
          }}
        >
          {content}
          <DragOverlay>{active ? <CardBody deal={active} lang={lang} /> : null}</DragOverlay>
        </DndContext>
      ) : (
        content
      )}
      {closing ? <CloseDealDialog deal={closing.deal} result={closing.result} onDone={() => setClosing(null)} /> : null}
    </>
  );
}

/** One stage: heading with count and sum, the cards (a drop target even when empty). */
function Column({
  column,
  deals,
  lang,
  sortable,
  back,
  scope,
}: {
  column: KanbanColumnDto;
  deals: DealCardDto[];
  lang: Language;
  sortable: boolean;
  back: string;
  scope: CrmScope;
}) {
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const drop = useDroppable({ id: columnId(column.stage), data: { type: 'column', stage: column.stage }, disabled: !sortable });
  const headingId = `crm-column-${column.stage}`;
  return (
    <section
      className={`crm-board__column crm-board__column--${column.stage}${drop.isOver ? ' is-over' : ''}`}
      role="listitem"
      aria-labelledby={headingId}
      data-stage={column.stage}
    >
      <header className="crm-board__head">
        <h2 id={headingId}>{tc(`dealStage.${column.stage}`)}</h2>
        <p className="crm-board__totals">
          <span data-count={column.count}>{t('count', { count: column.count })}</span> ·{' '}
          <span data-sum={column.sum}>{formatMoney(column.sum)}</span>
        </p>
      </header>
      <SortableContext items={deals.map((d) => d.id)} strategy={verticalListSortingStrategy} disabled={!sortable}>
        <ol ref={drop.setNodeRef} className="crm-board__cards" aria-labelledby={headingId}>
          {deals.map((d) => (
            <Card key={d.id} deal={d} stage={column.stage} lang={lang} sortable={sortable} back={back} scope={scope} />
          ))}
          {!deals.length ? <li className="crm-board__empty">{t('emptyColumn')}</li> : null}
        </ol>
      </SortableContext>
      {column.count > deals.length ? (
        <p className="crm-board__more">
          <Link to={`/dashboard/crm/deals?view=list&stage=${column.stage}`}>{t('more', { count: column.count - deals.length })}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The card's text: title (a link to the deal), amount, client, listing, owner, probability, expected close. */
function CardBody({ deal, lang }: { deal: DealCardDto; lang: Language }) {
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  return (
    <div className="crm-card__body">
      <p className="crm-card__title">
        <Link to={`/dashboard/crm/deals/${deal.id}`}>{deal.title}</Link>
      </p>
      <p className="crm-card__amount">
        {formatMoney(deal.amount)} · {tc(`dealType.${deal.type}`)} · {deal.probability}%
      </p>
      {deal.client ? <p className="crm-card__meta">{deal.client.name}</p> : null}
      {deal.property ? <p className="crm-card__meta">{deal.property.title}</p> : null}
      <p className="crm-card__meta">
        {deal.owner?.name ?? tc('unassigned')}
        {deal.expectedClose ? ` · ${t('expectedCloseShort', { date: formatDate(deal.expectedClose, lang) })}` : ''}
      </p>
    </div>
  );
}

/** A card: drag handle (with JavaScript, editable cards), text, and the stage select form (works without JavaScript). */
function Card({
  deal,
  stage,
  lang,
  sortable,
  back,
  scope,
}: {
  deal: DealCardDto;
  stage: DealStage;
  lang: Language;
  sortable: boolean;
  back: string;
  scope: CrmScope;
}) {
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const canDrag = sortable && deal.editable && stage !== 'won' && stage !== 'lost';
  const dnd = useSortable({ id: deal.id, data: { type: 'card', stage }, disabled: !canDrag });
  const style = sortable ? { transform: CSS.Translate.toString(dnd.transform), transition: dnd.transition } : undefined;
  const open = stage !== 'won' && stage !== 'lost';
  return (
    <li ref={dnd.setNodeRef} style={style} className={`crm-card${dnd.isDragging ? ' is-dragging' : ''}`} data-deal-id={deal.id}>
      {canDrag ? (
        <button
          type="button"
          className="crm-card__handle"
          aria-label={t('drag', { title: deal.title })}
          {...dnd.attributes}
          {...dnd.listeners}
        >
          ⠿
        </button>
      ) : null}
      <CardBody deal={deal} lang={lang} />
      {deal.editable && open ? (
        <Form method="post" className="crm-card__move" preventScrollReset>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={deal.id} />
          <input type="hidden" name="position" value="0" />
          <input type="hidden" name="scope" value={scope} />
          <input type="hidden" name="back" value={back} />
          <label className="sr-only" htmlFor={`stage-${deal.id}`}>
            {t('stageOf', { title: deal.title })}
          </label>
          <select id={`stage-${deal.id}`} name="stage" defaultValue={stage}>
            {OPEN_DEAL_STAGES.map((s) => (
              <option key={s} value={s}>
                {tc(`dealStage.${s}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary btn-small">
            {t('move')}
          </button>
          <Link to={`/dashboard/crm/deals/${deal.id}#close`} className="crm-card__close">
            {t('close')}
          </Link>
        </Form>
      ) : null}
    </li>
  );
}
