import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InviteRole, MobileInviteOutcome } from '../../../../../src-shared/api/invite';
import { ASSIGNABLE_TEAM_ROLES } from '../../../../../src-shared/model/permissions';
import { FormFailure } from '../../auth/AuthFormParts';
import { useInviteMobilesMutation } from '../api/inviteApi';
import { mobilesRules } from '../common/mobilesRules';
import { parseMobiles } from '../common/parseMobiles';

interface InviteForm {
  mobiles: string;
  role: InviteRole;
}

/**
 * Invite by mobile number, registered or not: the invitee sees it in the header after logging
 * in (or registering) and accepts or declines. What happened to each number is reported.
 */
export function MobileInviteForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteForm>();
  const [invite, { isLoading }] = useInviteMobilesMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const [outcomes, setOutcomes] = useState<MobileInviteOutcome[] | null>(null);

  const onFinish = async (values: InviteForm) => {
    setFailure(null);
    setOutcomes(null);
    try {
      setOutcomes(await invite({ mobiles: parseMobiles(values.mobiles).valid, role: values.role }).unwrap());
      form.setFieldValue('mobiles', '');
    } catch (err) {
      setFailure(err);
    }
  };

  const count = (o: MobileInviteOutcome['outcome']) => outcomes?.filter((x) => x.outcome === o).length ?? 0;

  return (
    <Card size="small" title={t('team.invite.title')}>
      <Form<InviteForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ role: 'annotator' }}>
        <Form.Item name="mobiles" label={t('team.fields.mobiles')} extra={t('team.invite.mobilesHint')} rules={mobilesRules(t)}>
          <Input.TextArea rows={3} data-testid="invite-mobiles" />
        </Form.Item>
        <Space align="start">
          <Form.Item name="role" label={t('team.fields.role')}>
            <Select style={{ width: 160 }} data-testid="invite-role" options={ASSIGNABLE_TEAM_ROLES.map((r) => ({ value: r, label: t(`team.roles.${r}`) }))} />
          </Form.Item>
          <Form.Item label=" ">
            <Button type="primary" htmlType="submit" loading={isLoading} data-testid="invite-submit">
              {t('team.invite.submit')}
            </Button>
          </Form.Item>
        </Space>
      </Form>
      <FormFailure failure={failure} />
      {outcomes && (
        <Alert
          type="success"
          showIcon
          data-testid="invite-result"
          title={t('team.invite.result', { invited: count('invited'), members: count('alreadyMember'), pending: count('alreadyPending') })}
        />
      )}
    </Card>
  );
}
