import { describe, expect, it, vi } from 'vitest';
import { followPendingWrite, isPendingAnswer, stillPending } from './pending-writes.ts';

/** After a 202 the flow is read again until it shows something new, then its screens are refreshed once. */
describe('following a write answered 202', () => {
  it('reads again while the flow is as it was, and stops once it has moved on', () => {
    const settled = vi.fn();
    const before = { currentNodeCode: 'KCP1', stage: 10 };
    followPendingWrite('CF1', before);
    expect(stillPending('CF1', { ...before }, settled)).toBe(true);
    expect(settled).not.toHaveBeenCalled();
    expect(stillPending('CF1', { currentNodeCode: 'SELF_INSPECTION', stage: 20 }, settled)).toBe(false);
    expect(settled).toHaveBeenCalledTimes(1);
    // Followed no more: the next read is an ordinary one.
    expect(stillPending('CF1', before, settled)).toBe(false);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('a flow nobody wrote to is not followed; the 202 body is told from other answers', () => {
    expect(stillPending('CF2', {}, () => {})).toBe(false);
    expect(isPendingAnswer({ pending: true, flowNo: 'CF1', message: '已提交，正在处理' })).toBe(true);
    expect(isPendingAnswer({ message: '提交成功' })).toBe(false);
    expect(isPendingAnswer('操作成功')).toBe(false);
  });
});
