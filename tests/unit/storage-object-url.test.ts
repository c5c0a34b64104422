import { describe, expect, it } from 'vitest';
import { objectUrl } from '../../src-main/services/storage/objectUrl';

/**
 * Where the workstation's own S3 requests go (s3Wire.ts): the address the SDK would use for the
 * same bucket and key, or the store answers NoSuchBucket, or a signature for another path.
 */
describe('the address of an object for the workstation\'s signed requests', () => {
  it('puts a DNS-style bucket in the host name unless path style is asked for', () => {
    expect(objectUrl('https://s3.eu-west-1.amazonaws.com', 'team-photos', 'dataset/7/a.jpg', {}, false).href).toBe('https://team-photos.s3.eu-west-1.amazonaws.com/dataset/7/a.jpg');
    expect(objectUrl('https://minio.example.com:9000', 'team-photos', 'dataset/7/a.jpg', {}, true).href).toBe('https://minio.example.com:9000/team-photos/dataset/7/a.jpg');
  });

  it('keeps path style for a bucket that cannot be a host name and for an endpoint that is an IP address', () => {
    expect(objectUrl('https://s3.example.com', 'Team_Photos', 'a.jpg', {}, false).href).toBe('https://s3.example.com/Team_Photos/a.jpg');
    expect(objectUrl('https://s3.example.com', 'team.photos', 'a.jpg', {}, false).href).toBe('https://s3.example.com/team.photos/a.jpg');
    expect(objectUrl('http://127.0.0.1:7480', 'annot', 'a.jpg', {}, false).href).toBe('http://127.0.0.1:7480/annot/a.jpg');
    expect(objectUrl('http://[::1]:7480', 'annot', 'a.jpg', {}, false).href).toBe('http://[::1]:7480/annot/a.jpg');
  });

  it('keeps a gateway\'s path prefix and encodes each segment of the key as S3 does, slashes kept', () => {
    expect(objectUrl('https://gw.example.com/s3/', 'annot', "dataset/7/图 1!'()*+&=.jpg", {}, true).href).toBe(
      'https://gw.example.com/s3/annot/dataset/7/%E5%9B%BE%201%21%27%28%29%2A%2B%26%3D.jpg',
    );
  });

  it('carries a part\'s number and upload id in the query, encoded the same way', () => {
    expect(objectUrl('http://127.0.0.1:7480', 'annot', 'big.bin', { partNumber: '3', uploadId: '2~a+b/c' }, true).href).toBe('http://127.0.0.1:7480/annot/big.bin?partNumber=3&uploadId=2~a%2Bb%2Fc');
  });
});
