/** The public screens' messages of one language, built by vite.config.ts (publicMessages). */
declare module 'virtual:ebox-public-messages/*' {
  const messages: import('@ebox/domain').Dictionary;
  export default messages;
}
