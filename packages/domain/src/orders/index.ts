export * from './lifecycle';
export * from './lifecycle-diagram';
export * from './parcel-events';
export * from './periods';
export * from './resident-unit';
export * from './status-tones';
