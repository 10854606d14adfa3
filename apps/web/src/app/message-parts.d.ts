/** A part of one language's messages (public, console, form-hints), built by vite.config.ts (messageParts). */
declare module 'virtual:ebox-messages/*' {
  const messages: import('@ebox/domain').Dictionary;
  export default messages;
}
