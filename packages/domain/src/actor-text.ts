import type { TFunction } from 'i18next';

// Apart from audit-changes.ts (which reads every entity declaration at load): a list screen that
// shows an order's actor stamps loads this alone.

/**
 * Who wrote an entry that no person wrote, in words, from its `actor_label`: a job or the seed as
 * "Sistema: envio de mensagens", a locker as "Terminal RJ-COPA-01" by `lockerCode` (the API's
 * `authorName` of a terminal's entry), else by its terminal id; entries older than the actor label
 * (or of an unknown kind) read "Sistema".
 */
export function auditActorText(t: TFunction, actorLabel: string | null | undefined, lockerCode?: string | null): string {
  const [kind, actor] = actorLabel?.split(/:(.*)/s) ?? [];
  if (kind === 'system' && actor) return t('auditLog.systemActor', { name: t(`auditLog.systemActors.${actor}`, { defaultValue: actor }) });
  if (kind === 'terminal' && actor) return t('auditLog.terminalActor', { name: lockerCode || actor });
  return t('auditLog.system');
}

/** An actor label as people read it: a person's e-mail as it is, a job or a locker in words (auditActorText). */
export function actorLabelText(t: TFunction, actorLabel: string): string {
  return /^(system|terminal):/.test(actorLabel) ? auditActorText(t, actorLabel) : actorLabel;
}
