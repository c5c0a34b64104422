import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percent } from '../format';

export interface Feedback {
  kept: number;
  edited: number;
  deleted: number;
}

/** What annotators did with the model's pre-annotations: kept as they were, edited, or deleted. */
export function FeedbackCard({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  const total = feedback.kept + feedback.edited + feedback.deleted;
  const share = (n: number) => (total ? percent(n / total) : '–');
  return (
    <Card size="small" title={t('aiTab.feedback.title')} data-testid="ai-feedback">
      {total === 0 ? (
        <Typography.Text type="secondary">{t('aiTab.feedback.none')}</Typography.Text>
      ) : (
        <Row gutter={16}>
          {(['kept', 'edited', 'deleted'] as const).map((k) => (
            <Col key={k} xs={24} sm={8}>
              <Statistic title={t(`aiTab.feedback.${k}`)} value={feedback[k]} suffix={<Typography.Text type="secondary">({share(feedback[k])})</Typography.Text>} />
            </Col>
          ))}
        </Row>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('aiTab.feedback.explain')}
      </Typography.Paragraph>
    </Card>
  );
}
