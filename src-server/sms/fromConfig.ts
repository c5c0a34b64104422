import type { ServerConfig } from '../config';
import { AliyunSmsProvider } from './aliyunSms';
import { OutboxSmsProvider } from './outboxProvider';
import type { SmsProvider } from './provider';
import { TencentSmsProvider } from './tencentSms';

/** The SMS gateway the configuration names (SMS_PROVIDER); the outbox file by default. */
export function smsProviderOf(config: Pick<ServerConfig, 'sms' | 'dataDir'>): SmsProvider {
  const sms = config.sms;
  if (sms.provider === 'aliyun') return new AliyunSmsProvider(sms.aliyun);
  if (sms.provider === 'tencent') return new TencentSmsProvider(sms.tencent);
  return new OutboxSmsProvider(config.dataDir);
}
