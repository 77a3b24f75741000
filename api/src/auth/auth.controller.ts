import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import {
  ChangePasswordDto,
  ForgotPasswordDto,
  LoginDto,
  RefreshTokenDto,
  RegisterDto,
  ResetPasswordDto,
  UpdateProfileDto,
  type AuthNoticeDto,
  type AuthSessionDto,
  type AuthUserDto,
} from '@realty/contracts';
import { Authenticated, Client, CurrentUser, Public, RateLimit, type AuthUser, type RequestClient } from '../common/decorators';
import { RATE_LIMITS } from '../common/rate-limit';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';

/**
 * Accounts and sessions (spec 01 §7 auth calls, §5 rules, §8 texts; issue 3). Writes need the
 * X-CSRF-Token header (spec 02 §7). Texts are in the language of ?lang= or Accept-Language.
 * Signing-in answers: data = {tokens: {accessToken (JWT, 15 min), refreshToken (opaque, single
 * use), expiresIn (s), refreshExpiresAt (ISO)}, user: {id, email, role, firstName, lastName,
 * phone, language}}. Send the access token as `Authorization: Bearer <accessToken>`.
 */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
  ) {}

  /**
   * POST /api/auth/register {email, password, firstName, lastName, phone?, language?,
   * confirmPassword?} -> 201 {tokens, user} with role 'user' (spec 01 §7).
   * 400 VALIDATION_ERROR with fields (spec 01 §5 messages); 409 CONFLICT fields.email when the
   * e-mail is registered; 429 RATE_LIMIT after 10 requests per IP in 15 minutes.
   */
  @Public()
  @Post('register')
  @HttpCode(201)
  @RateLimit(RATE_LIMITS.register)
  register(@Body() dto: RegisterDto, @Client() client: RequestClient): Promise<AuthSessionDto> {
    return this.auth.register(dto, client);
  }

  /**
   * POST /api/auth/login {email, password, rememberMe?} -> 200 {tokens, user} (refresh token
   * valid 30 days with rememberMe, else 1 day). 401 'Неверный email или пароль' (same for an
   * unknown e-mail); 403 'Учётная запись заблокирована...' for a blocked account; 429 RATE_LIMIT
   * with Retry-After after 5 failures per (account, IP) in 15 minutes (a success resets the
   * count), 20 failures per IP across accounts, during the account's lock after 10 failures
   * from anywhere (decision 025), or when the server's password-check queue is full.
   */
  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Client() client: RequestClient): Promise<AuthSessionDto> {
    return this.auth.login(dto, client);
  }

  /**
   * POST /api/auth/refresh {refreshToken} -> 200 {tokens, user}: a new pair; the token sent is
   * spent. 401 'Сессия истекла. Войдите снова' when it is unknown, expired, revoked or already
   * used; a reused token also ends its whole session (every token of the family).
   */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  refresh(@Body() dto: RefreshTokenDto): Promise<AuthSessionDto> {
    return this.auth.refresh(dto.refreshToken);
  }

  /** POST /api/auth/logout {refreshToken} -> 204: ends the session of the token (its access tokens stop too). Idempotent. */
  @Public()
  @Post('logout')
  @HttpCode(204)
  logout(@Body() dto: RefreshTokenDto): Promise<void> {
    return this.auth.logout(dto.refreshToken);
  }

  /**
   * POST /api/auth/forgot-password {email} -> 200 {message: 'Если указанный email существует,
   * на него отправлена ссылка для восстановления пароля.'}, whether or not the account exists;
   * the e-mail (link valid 1 hour) is sent by the worker. 429 after 10 requests per IP in 15 minutes.
   */
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.forgotPassword)
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Client() client: RequestClient): Promise<AuthNoticeDto> {
    await this.resets.requestReset(dto.email, client);
    return { message: client.t('auth.resetLinkSent') };
  }

  /**
   * POST /api/auth/reset-password {token, password, confirmPassword?} -> 200 {message: 'Пароль
   * успешно изменен...'}; every session of the account ends. 400 fields.token for a missing
   * ('Токен восстановления пароля не найден'), invalid, expired or used token; 400 fields.password
   * for a password outside the policy.
   */
  @Public()
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto, @Client() client: RequestClient): Promise<AuthNoticeDto> {
    await this.resets.reset(dto.token, dto.password, client);
    return { message: client.t('auth.passwordResetDone') };
  }

  /** GET /api/auth/me -> 200 user {id, email, role, firstName, lastName, phone, language}. 401 without a valid token. */
  @Authenticated()
  @Get('me')
  me(@CurrentUser() user: AuthUser): Promise<AuthUserDto> {
    return this.auth.me(user);
  }

  /** PATCH /api/auth/me {firstName?, lastName?, phone? ('' or null clears), language?} -> 200 the updated user. */
  @Authenticated()
  @Patch('me')
  updateMe(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<AuthUserDto> {
    return this.auth.updateProfile(user, dto);
  }

  /**
   * POST /api/auth/change-password {currentPassword, newPassword, confirmPassword?} -> 204; every
   * other session of the user ends. 400 fields.currentPassword 'Неверный текущий пароль'.
   * 429 RATE_LIMIT (Retry-After) after 5 wrong current passwords per account in 15 minutes.
   */
  @Authenticated()
  @Post('change-password')
  @HttpCode(204)
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto, @Client() client: RequestClient): Promise<void> {
    return this.auth.changePassword(user, dto, client);
  }
}
