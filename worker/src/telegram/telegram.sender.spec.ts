import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram';
import { BotApiTelegramSender, TelegramSendError, telegramSettingsFromEnv, DEFAULT_TELEGRAM_API_ROOT } from './telegram.sender';

/** The Bot API sender (grammy) against the local fake Bot API server (issue 22 send-telegram). */
describe('BotApiTelegramSender', () => {
  let fake: FakeTelegram;
  beforeAll(async () => {
    fake = await startFakeTelegram();
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    fake.failWith = null;
  });

  const sender = (token = fake.token, apiRoot = fake.apiRoot) => new BotApiTelegramSender({ token, apiRoot });
  const failure = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TelegramSendError);
    return err as TelegramSendError;
  };

  it('sends sendMessage with the chat id and the text, and answers the message id', async () => {
    const sent = await sender().send('@aigerim_s', 'Здравствуйте, Айгерим! <b>не разметка</b>');
    expect(sent.messageId).toBeGreaterThan(0);
    const msg = await fake.waitFor('@aigerim_s');
    expect(msg).toMatchObject({ method: 'sendMessage', text: 'Здравствуйте, Айгерим! <b>не разметка</b>' });
    expect(msg.body.parse_mode).toBeUndefined();
    await sender().send('100200300', 'число');
    expect((await fake.waitFor('100200300')).text).toBe('число');
  });

  it('a Bot API 4xx is permanent, 429 and 5xx are not; no token is permanent', async () => {
    fake.failWith = { code: 400, description: 'Bad Request: chat not found' };
    const notFound = await failure(sender().send('@nobody_here', 'x'));
    expect(notFound).toMatchObject({ permanent: true, errorCode: 400, message: 'Bot API 400: Bad Request: chat not found' });
    fake.failWith = { code: 429, description: 'Too Many Requests: retry after 3' };
    expect(await failure(sender().send('@nobody_here', 'x'))).toMatchObject({ permanent: false, errorCode: 429 });
    fake.failWith = { code: 502, description: 'Bad Gateway' };
    expect(await failure(sender().send('@nobody_here', 'x'))).toMatchObject({ permanent: false, errorCode: 502 });
    fake.failWith = null;
    expect(await failure(sender('999:wrong').send('@nobody_here', 'x'))).toMatchObject({ permanent: true, errorCode: 401 });
    expect(await failure(sender('').send('@nobody_here', 'x'))).toMatchObject({ permanent: true });
  });

  it('an unreachable Bot API is a transient failure', async () => {
    const err = await failure(sender(fake.token, 'http://127.0.0.1:9').send('@nobody_here', 'x'));
    expect(err.permanent).toBe(false);
  });

  it('reads TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT', () => {
    expect(telegramSettingsFromEnv({})).toEqual({ token: '', apiRoot: DEFAULT_TELEGRAM_API_ROOT });
    expect(telegramSettingsFromEnv({ TELEGRAM_BOT_TOKEN: ' 1:a ', TELEGRAM_API_ROOT: 'http://x' })).toEqual({
      token: '1:a',
      apiRoot: 'http://x',
    });
  });
});
