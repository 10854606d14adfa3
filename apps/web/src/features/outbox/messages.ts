import { jobScreenAreas as en } from '@ebox/domain/i18n/en/job-screens';
import { jobScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/job-screens';
import { addFeatureMessages } from '../../app/i18n';

// The outbox and job queue screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
