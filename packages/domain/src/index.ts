export * from './access';
export * from './entities/index';
export * from './i18n/index';
export * from './kit/entity';
export * from './kit/field';
export * from './kit/schema';
export * from './password';
export * from './permissions';
