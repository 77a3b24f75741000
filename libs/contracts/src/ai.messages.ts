/** Messages of the AI endpoints (issue 23; spread into MESSAGES, messages.ts). */
export const AI_MESSAGES = {
  'ai.notReady': {
    ru: 'Черновик ещё не готов',
    en: 'The draft is not ready yet',
    kk: 'Жоба әлі дайын емес',
    zh: '草稿尚未生成',
  },
  'ai.alreadyDecided': {
    ru: 'Черновик уже принят или отклонён',
    en: 'The draft was already accepted or discarded',
    kk: 'Жоба қабылданған немесе қабылданбаған',
    zh: '草稿已被接受或放弃',
  },
  'ai.sessionCompleted': {
    ru: 'Сессия уже завершена',
    en: 'The session is already completed',
    kk: 'Сессия аяқталған',
    zh: '会话已完成',
  },
} as const;
