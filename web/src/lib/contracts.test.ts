describe('loadContracts', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('loads @nivesh/proto once, and not before the gate main.tsx sets has opened', async () => {
    const { holdContractsUntil, loadContracts } = await import('./contracts');
    let open = () => {};
    holdContractsUntil(new Promise<void>((resolve) => (open = resolve)));
    let loaded = false;
    const first = loadContracts().then((contracts) => {
      loaded = true;
      return contracts;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);

    open();
    const contracts = await first;
    expect(contracts.MeResponseSchema.safeParse({}).success).toBe(false);
    expect(await loadContracts()).toBe(contracts);
  });
});
