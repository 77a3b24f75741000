export * from './config';
export * from './entities';
export * from './migrations';
export * from './data-source';
export * from './admin';
export * from './storage';
export * from './images';
export * from './passwords';
