export * from './lifecycle';
export * from './reads';
export * from './stages';
export * from './windows';
