import type { EntityPolicy } from '../../platform/entity-rules';
import { checkUiBuild, digestVersionFile } from './service';

/** A terminal UI version is registered with a build uploaded by its creator, and keeps it (service.ts). */
export const terminalUiVersionPolicy: EntityPolicy = { beforeWrite: checkUiBuild };

/** An application version keeps its file's SHA-256 and size, so a release can send it (service.ts). */
export const versionPolicy: EntityPolicy = { beforeWrite: digestVersionFile };
