import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ApiException } from './api.exception';

/** Flattens class-validator errors into {field: first message} (nested fields as a.b). */
export function validationErrorsToFields(errors: ValidationError[], parent = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors) {
    const key = parent ? `${parent}.${e.property}` : e.property;
    const messages = Object.values(e.constraints ?? {});
    if (messages.length) fields[key] = messages[messages.length - 1];
    if (e.children?.length) Object.assign(fields, validationErrorsToFields(e.children, key));
  }
  return fields;
}

/**
 * The global pipe: transforms query strings into typed DTOs, rejects unknown properties
 * with 'field.unknown', and answers 400 VALIDATION_ERROR with a fields map (spec 01 §8).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = validationErrorsToFields(errors);
      for (const e of errors) {
        if (e.constraints?.whitelistValidation) fields[e.property] = 'field.unknown';
      }
      return ApiException.validation(fields);
    },
  });
}
