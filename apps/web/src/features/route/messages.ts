import { routeScreenAreas as en } from '@ebox/domain/i18n/en/route-screens';
import { routeScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/route-screens';
import { addFeatureMessages } from '../../app/i18n';

// The route screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
