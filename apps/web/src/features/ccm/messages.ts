import { templateScreenAreas as en } from '@ebox/domain/i18n/en/template-screens';
import { templateScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/template-screens';
import { addFeatureMessages } from '../../app/i18n';

// The template editor's words come with its forms, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
