import 'reflect-metadata';
import type { JobName } from '@realty/jobs';

/** Metadata key set on a method by @JobHandler. */
export const JOB_HANDLER_METADATA = 'realty:job-handler';

/**
 * Marks a provider method as the handler of one job (STYLE "Immich": handlers are
 * service methods tagged with the job they handle). The worker refuses to start unless
 * every JobName has exactly one.
 *
 *   @JobHandler(JobName.PropertyImageVariants)
 *   async makeVariants(job: Job<JobPayloads[JobName.PropertyImageVariants]>) { ... }
 */
export function JobHandler(name: JobName): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(JOB_HANDLER_METADATA, name, descriptor.value as object);
    return descriptor;
  };
}

/** The job a method handles, if it carries @JobHandler. */
export function jobHandlerOf(method: unknown): JobName | undefined {
  return typeof method === 'function' ? (Reflect.getMetadata(JOB_HANDLER_METADATA, method) as JobName | undefined) : undefined;
}
