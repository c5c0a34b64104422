import { Col, Flex, Row } from 'antd';
import { InviteCodes } from './InviteCodes';
import { MobileInviteForm } from './MobileInviteForm';
import { SentInvitations } from './SentInvitations';

/** Bringing people in: the team's codes on the left, invitations by mobile number on the right. */
export function InvitationsPage() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xxl={11}>
        <InviteCodes />
      </Col>
      <Col xs={24} xxl={13}>
        <Flex vertical gap={16}>
          <MobileInviteForm />
          <SentInvitations />
        </Flex>
      </Col>
    </Row>
  );
}
