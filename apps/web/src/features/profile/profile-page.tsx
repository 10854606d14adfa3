import { Col, Row } from 'antd';
import { ChangePasswordCard } from './change-password-card';
import { ProfileCard } from './profile-card';

/** /profile: the user's own names, phone and avatar, and their password. */
export default function ProfilePage() {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <ProfileCard />
      </Col>
      <Col xs={24} lg={10}>
        <ChangePasswordCard />
      </Col>
    </Row>
  );
}
