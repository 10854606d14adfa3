import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum memory and time settings.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** People's passwords (and any secret a person chose): argon2id, slow on purpose. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The prefix of a stored SHA-256 of a machine-made secret (hashRandomSecret), which no argon2 hash
 * (`$argon2id$…`) can start with.
 */
const SHA256_PREFIX = '$sha256$';

/**
 * A secret the console drew itself with at least 128 random bits (a terminal's MQTT password, 192
 * bits): one SHA-256, as API tokens are kept. A slow hash protects guessable passwords; no
 * dictionary reaches a random 192-bit secret, and argon2's ~30 ms of CPU per check would cost a
 * restart of the embedded broker five minutes of a core at 10,000 reconnecting lockers.
 */
export function hashRandomSecret(secret: string): string {
  return `${SHA256_PREFIX}${createHash('sha256').update(secret, 'utf8').digest('base64url')}`;
}

/** Checks a password or secret against its stored hash, whichever of the two kinds it is. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  if (passwordHash.startsWith(SHA256_PREFIX)) {
    const stored = Buffer.from(passwordHash.slice(SHA256_PREFIX.length), 'base64url');
    const given = createHash('sha256').update(password, 'utf8').digest();
    return stored.length === given.length && timingSafeEqual(stored, given);
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
