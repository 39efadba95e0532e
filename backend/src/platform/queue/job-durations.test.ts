import { bucketField, JOB_DURATION_BUCKETS } from './job-durations.js';

describe('bucketField', () => {
  it('puts a duration in the first bucket whose upper bound is not below it', () => {
    expect(bucketField('completed', 0)).toBe('completed:le:0.05');
    expect(bucketField('completed', 0.05)).toBe('completed:le:0.05');
    expect(bucketField('completed', 0.051)).toBe('completed:le:0.1');
    expect(bucketField('failed', 60)).toBe('failed:le:60');
    expect(bucketField('failed', 60.001)).toBe('failed:le:120');
  });

  it('puts what exceeds the largest bound in +Inf', () => {
    expect(bucketField('completed', JOB_DURATION_BUCKETS.at(-1)! + 0.001)).toBe('completed:le:+Inf');
  });
});
