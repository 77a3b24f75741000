import { createCookie } from '@remix-run/node';
import { cookieSecure } from '@realty/contracts';

const secure = cookieSecure();

/** The visitor's saved language (spec 01 §1: the saved choice wins). One year. */
export const languageCookie = createCookie('lng', { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: 365 * 24 * 3600 });

/** light | dark | system (spec 01 §4); read by the server so the first paint is right. */
export const themeCookie = createCookie('theme', { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: 365 * 24 * 3600 });
