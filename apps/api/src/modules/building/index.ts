import type { AppModule } from '../../platform/modules';
import { autocompleteUnits, labelUnits } from './unit-autocomplete';

/** Buildings: a unit is chosen and read with its building (spec-given labels). */
export const buildingModule: AppModule = {
  name: 'building',
  entities: {
    autocompleteSources: { buildingLevel2: autocompleteUnits },
    // A level 1 lists its own units: on its page the way up would only repeat it.
    labelSources: { buildingLevel2: { labels: labelUnits, notFrom: ['buildingLevel1'] } },
  },
};
