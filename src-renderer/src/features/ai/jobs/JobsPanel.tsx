import { Col, Flex, Row } from 'antd';
import type { AiAllow } from '../../../../../src-shared/api/ai';
import { JobsTable } from './JobsTable';
import { PreAnnotateCard } from './PreAnnotateCard';
import { TrainCard } from './TrainCard';

/** Pre-annotation and training (managers), and every AI job of the project with live progress (everyone). */
export function JobsPanel({ projectId, allow }: { projectId: number; allow: AiAllow }) {
  return (
    <Flex vertical gap={16}>
      {allow.mayManage && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <PreAnnotateCard projectId={projectId} />
          </Col>
          <Col xs={24} xl={12}>
            <TrainCard projectId={projectId} />
          </Col>
        </Row>
      )}
      <JobsTable projectId={projectId} mayManage={allow.mayManage} />
    </Flex>
  );
}
