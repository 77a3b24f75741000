/**
 * Messages of uploads (spec 02 §7 Uploads, docs/decisions/035-uploads.md): the error codes of a
 * refused file. Spread into MESSAGES (messages.ts).
 */
export const UPLOAD_MESSAGES = {
  /** 413: the file is over its kind's byte limit, or an image over 40 megapixels. */
  FILE_TOO_LARGE: {
    ru: 'Файл слишком большой',
    en: 'The file is too large',
    kk: 'Файл тым үлкен',
    zh: '文件过大',
  },
  IMAGE_TOO_MANY_PIXELS: {
    ru: 'Изображение слишком большое (более 40 мегапикселей)',
    en: 'The image is too large (over 40 megapixels)',
    kk: 'Сурет тым үлкен (40 мегапиксельден астам)',
    zh: '图片过大（超过 4000 万像素）',
  },
  /** 415: the content is not one of the kind's allowed types (decided by the bytes). */
  UNSUPPORTED_FILE_TYPE: {
    ru: 'Недопустимый тип файла',
    en: 'This file type is not allowed',
    kk: 'Файл түріне рұқсат етілмеген',
    zh: '不允许的文件类型',
  },
  'upload.fileRequired': { ru: 'Выберите файл', en: 'Choose a file', kk: 'Файлды таңдаңыз', zh: '请选择文件' },
  'upload.nameInvalid': { ru: 'Недопустимое имя файла', en: 'Invalid file name', kk: 'Жарамсыз файл атауы', zh: '文件名无效' },
} as const;
