import { Col, Flex, Row } from 'antd';
import { ChangePasswordCard } from './change-password-card';
import { EmailSummariesCard } from './email-summaries-card';
import { ProfileCard } from './profile-card';
import { TerminalPinCard } from './terminal-pin-card';

/** /profile: the user's own names, phone and avatar, their password, the dashboard's mails they receive, and their PIN and QR code for the lockers' screens. */
export default function ProfilePage() {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <ProfileCard />
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical gap={24}>
          <ChangePasswordCard />
          <EmailSummariesCard />
          <TerminalPinCard />
        </Flex>
      </Col>
    </Row>
  );
}
