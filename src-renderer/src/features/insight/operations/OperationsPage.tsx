import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PanelBoundary } from '../../../app/resilience/PanelBoundary';
import { LogExportCard } from './LogExportCard';
import { LogShipCard } from './LogShipCard';
import { LogViewer } from './LogViewer';

/** Operations of this workstation: its local log, uploading it now, and exporting a range of it (each its own panel). */
export function OperationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('insight.operations.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <PanelBoundary where="operations: log shipping">
            <LogShipCard />
          </PanelBoundary>
        </Col>
        <Col span={24}>
          <PanelBoundary where="operations: log viewer">
            <LogViewer />
          </PanelBoundary>
        </Col>
        <Col xs={24} xl={12}>
          <PanelBoundary where="operations: log export">
            <LogExportCard />
          </PanelBoundary>
        </Col>
      </Row>
    </>
  );
}
