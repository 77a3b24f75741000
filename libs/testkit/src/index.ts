export * from './eventually';
export * from './test-database';
