import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailQueue } from './email-queue';
import { LoginThrottle } from './login-throttle';
import { PasswordResetService } from './password-reset.service';
import { Passwords } from './passwords';
import { SessionsService } from './sessions.service';

/**
 * Accounts and sessions (issue 3): /api/auth/*. Exports the password hasher and the session
 * store for user administration (blocking ends sessions). The guards live in SecurityModule.
 */
@Module({
  controllers: [AuthController],
  providers: [AuthService, PasswordResetService, SessionsService, Passwords, EmailQueue, LoginThrottle],
  exports: [Passwords, SessionsService],
})
export class AuthModule {}
