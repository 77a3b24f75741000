import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, NestFactory } from '@nestjs/core';
import { JobName } from '@realty/jobs';
import { createWorkerApp } from '../bootstrap';
import { MediaService } from '../media/media.service';
import { JobHandler } from './job-handler.decorator';
import { buildHandlerRegistry, discoverJobHandlers, JobRegistryError, type JobHandlerRef } from './job-registry';

const ref = (name: JobName | string, owner: string): JobHandlerRef => ({ name: name as JobName, owner, handle: async () => owner });

@Injectable()
class SecondImageHandler {
  @JobHandler(JobName.PropertyImageVariants)
  async again(): Promise<string> {
    return 'second';
  }

  notAHandler(): void {}
}

@Injectable()
class PlainService {
  hello(): string {
    return 'hi';
  }
}

describe('buildHandlerRegistry', () => {
  it('maps every job name to its one handler', () => {
    const registry = buildHandlerRegistry(Object.values(JobName).map((n) => ref(n, `Handler.${n}`)));
    expect([...registry.keys()]).toEqual(Object.values(JobName));
    expect(registry.get(JobName.PropertyImageVariants)?.owner).toBe(`Handler.${JobName.PropertyImageVariants}`);
  });

  it('throws when a job name has no handler', () => {
    expect(() => buildHandlerRegistry([])).toThrow(JobRegistryError);
    expect(() => buildHandlerRegistry([])).toThrow(/job "property-image-variants" has no handler/);
    expect(() => buildHandlerRegistry([ref('a', 'A.a')], ['a', 'b'] as unknown as JobName[])).toThrow(/job "b" has no handler/);
  });

  it('throws when a job name has two handlers, naming both', () => {
    const twice = [
      ...Object.values(JobName).map((n) =>
        ref(n, n === JobName.PropertyImageVariants ? 'MediaService.propertyImageVariants' : `Handler.${n}`),
      ),
      ref(JobName.PropertyImageVariants, 'Other.make'),
    ];
    expect(() => buildHandlerRegistry(twice)).toThrow(
      /job "property-image-variants" has 2 handlers \(MediaService\.propertyImageVariants, Other\.make\)/,
    );
  });

  it('throws when a handler serves a job name that does not exist', () => {
    const found = [...Object.values(JobName).map((n) => ref(n, `Handler.${n}`)), ref('no-such-job', 'Stray.run')];
    expect(() => buildHandlerRegistry(found)).toThrow(/Stray\.run handle\(s\) unknown job "no-such-job"/);
  });
});

describe('discoverJobHandlers', () => {
  it('finds the @JobHandler methods of the providers, and only those', async () => {
    @Module({ imports: [DiscoveryModule], providers: [SecondImageHandler, PlainService] })
    class ProbeModule {}
    const app = await NestFactory.createApplicationContext(ProbeModule, { logger: false, abortOnError: false });
    try {
      const found = discoverJobHandlers(app.get(DiscoveryService), app.get(MetadataScanner));
      expect(found.map((f) => [f.name, f.owner])).toEqual([[JobName.PropertyImageVariants, 'SecondImageHandler.again']]);
      await expect(found[0].handle({} as never)).resolves.toBe('second');
    } finally {
      await app.close();
    }
  });
});

describe('worker start-up', () => {
  // Port 1 refuses connections: these must fail on the handler check, before any connection is tried.
  const offline = { databaseUrl: 'postgres://postgres@127.0.0.1:1/none', logger: false as const, jobs: [JobName.PropertyImageVariants] };

  it('refuses to start with two handlers for one job', async () => {
    await expect(createWorkerApp({ ...offline, handlers: [MediaService, SecondImageHandler] })).rejects.toThrow(
      /refuses to start: job "property-image-variants" has 2 handlers \(MediaService\.propertyImageVariants, SecondImageHandler\.again\)/,
    );
  });

  it('refuses to start when a job has no handler', async () => {
    await expect(createWorkerApp({ ...offline, handlers: [PlainService] })).rejects.toThrow(
      /refuses to start: job "property-image-variants" has no handler/,
    );
  });
});
