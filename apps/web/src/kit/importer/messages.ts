import { importScreenAreas as en } from '@ebox/domain/i18n/en/import-screens';
import { importScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/import-screens';
import { addFeatureMessages } from '../../app/i18n';

// The importer's words come with it, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
