import { auditActionAreas as en } from '@ebox/domain/i18n/en/audit-actions';
import { auditActionAreas as ptBR } from '@ebox/domain/i18n/pt-BR/audit-actions';
import { addFeatureMessages } from '../../app/i18n';

// The audit actions' names come with the screens that show them (the log, a record's history tab), not with every first screen.
addFeatureMessages({ 'pt-BR': ptBR, en });
