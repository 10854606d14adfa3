import { lockerAreas as en } from '@ebox/domain/i18n/en/lockers';
import { lockerAreas as ptBR } from '@ebox/domain/i18n/pt-BR/lockers';
import { addFeatureMessages } from '../../app/i18n';

// The locker screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
