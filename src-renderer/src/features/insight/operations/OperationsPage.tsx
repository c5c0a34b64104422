import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LogExportCard } from './LogExportCard';
import { LogShipCard } from './LogShipCard';
import { LogViewer } from './LogViewer';

/** Operations of this workstation: its local log, uploading it now, and exporting a range of it. */
export function OperationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('insight.operations.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <LogShipCard />
        </Col>
        <Col span={24}>
          <LogViewer />
        </Col>
        <Col xs={24} xl={12}>
          <LogExportCard />
        </Col>
      </Row>
    </>
  );
}
