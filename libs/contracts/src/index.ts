export * from './enums';
export * from './messages';
export * from './envelope';
export * from './property.types';
export * from './properties.query';
export * from './auth.dto';
export * from './users.dto';
