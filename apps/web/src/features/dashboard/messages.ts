import { dashboardScreenAreas as en } from '@ebox/domain/i18n/en/dashboard-screens';
import { dashboardScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/dashboard-screens';
import { addFeatureMessages } from '../../app/i18n';

// The dashboard's words come with it, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
