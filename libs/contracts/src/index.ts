export * from './enums';
export * from './messages';
export * from './envelope';
export * from './property.types';
export * from './properties.query';
