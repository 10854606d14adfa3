export * from './lifecycle';
export * from './lifecycle-diagram';
