import { IsString, MinLength } from 'class-validator';
import { LoginDto } from './auth.dto';
import { validateInput } from './validate-input';

/** Two rules on one field (the shared DTOs give each field one Check; this pins the pick). */
class TwoRules {
  @IsString({ message: 'field.invalid' })
  @MinLength(5, { message: 'field.tooLong' })
  name: string;
}

describe('validateInput: the one validation of the pages and the API (api/src/common/validation.ts)', () => {
  it('gives a field that breaks several rules the message of its first failed rule, as the API pipe does', async () => {
    // class-validator runs the decorator nearest the property first and stops there
    // (stopAtFirstError), so a number fails MinLength before IsString is asked.
    expect(await validateInput(TwoRules, { name: 3 })).toEqual({ ok: false, errors: { name: 'field.tooLong' } });
    expect(await validateInput(TwoRules, { name: 'abc' })).toEqual({ ok: false, errors: { name: 'field.tooLong' } });
  });

  it('returns message ids, or their texts in the language given', async () => {
    expect(await validateInput(LoginDto, { email: 'bad', password: '' })).toEqual({
      ok: false,
      errors: { email: 'auth.emailInvalid', password: 'auth.passwordRequired' },
    });
    expect(await validateInput(LoginDto, { email: '', password: 'x' }, 'ru')).toEqual({
      ok: false,
      errors: { email: 'Email обязателен для заполнения' },
    });
  });

  it('returns the transformed value without unknown fields', async () => {
    const r = await validateInput(LoginDto, { email: ' Anna@Example.KZ ', password: 'secret', rememberMe: 'on', role: 'admin' });
    expect(r).toEqual({ ok: true, value: expect.objectContaining({ email: 'anna@example.kz', password: 'secret', rememberMe: true }) });
    expect(r.ok && 'role' in r.value).toBe(false);
  });
});
