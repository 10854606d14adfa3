import { packingScreenAreas as en } from '@ebox/domain/i18n/en/packing-screens';
import { packingScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/packing-screens';
import { addFeatureMessages } from '../../app/i18n';

// The packing screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
