import { releaseScreenAreas as en } from '@ebox/domain/i18n/en/release-screens';
import { releaseScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/release-screens';
import { addFeatureMessages } from '../../app/i18n';

// Words come with the screens' own chunk: the release, fleet and locker-history screens' words load with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
