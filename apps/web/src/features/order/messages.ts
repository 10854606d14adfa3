import { orderScreenAreas as en } from '@ebox/domain/i18n/en/order-screens';
import { orderScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/order-screens';
import { addFeatureMessages } from '../../app/i18n';

// The order screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
