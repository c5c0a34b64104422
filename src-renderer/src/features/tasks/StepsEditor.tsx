import { Button, Card, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StepInput } from '../../../../src-shared/api/task';
import { lengthLimit } from '../../app/lengthLimit';

export interface MemberChoice {
  userId: number;
  name: string;
}

/**
 * The steps of a new task, in order: each a type, an optional name and its members. The first
 * step annotates and cannot be removed (a review needs work before it).
 */
export function StepsEditor(p: { value: StepInput[]; onChange: (steps: StepInput[]) => void; members: MemberChoice[] }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<StepInput>) => p.onChange(p.value.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const add = (type: StepInput['type']) => p.onChange([...p.value, { type, memberIds: [] }]);
  return (
    <Flex vertical gap={8}>
      {p.value.map((step, i) => (
        <Card key={i} size="small" data-testid={`step-${i}`}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{t('tasks.step.position', { n: i + 1 })}</Typography.Text>
            <Tag color={step.type === 'annotate' ? 'blue' : 'purple'}>{t(`tasks.step.${step.type}`)}</Tag>
            <Input
              aria-label={t('tasks.step.name')}
              placeholder={t('tasks.step.name')}
              style={{ width: 160 }}
              {...lengthLimit(64)}
              value={step.name ?? ''}
              onChange={(e) => set(i, e.target.value ? { name: e.target.value } : { name: undefined })}
            />
            <Select
              mode="multiple"
              aria-label={t('tasks.step.members')}
              placeholder={t('tasks.step.membersPlaceholder')}
              style={{ flex: 1, minWidth: 220 }}
              value={step.memberIds}
              optionFilterProp="label"
              onChange={(memberIds: number[]) => set(i, { memberIds })}
              options={p.members.map((m) => ({ value: m.userId, label: m.name }))}
            />
            {i > 0 && (
              <Button danger type="text" onClick={() => p.onChange(p.value.filter((_, k) => k !== i))}>
                {t('tasks.step.remove')}
              </Button>
            )}
          </Flex>
        </Card>
      ))}
      <Space>
        <Button onClick={() => add('annotate')}>{t('tasks.step.addAnnotate')}</Button>
        <Button onClick={() => add('review')}>{t('tasks.step.addReview')}</Button>
      </Space>
    </Flex>
  );
}
