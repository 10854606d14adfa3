export default {
  entities: {
    compartiment: {
      menu: 'Compartments',
      label: 'Compartment',
      labelPlural: 'Compartments',
      fields: {
        ebox: 'E-box',
        number: 'Number',
        boardNumber: 'Board',
        numberInColumn: 'Position in column',
        comNumber: 'Port (channel)',
        usageType: 'Usage type',
        size: 'Size',
        status: 'Status',
        pcd: 'Accessible (PCD)',
        enable: 'Enabled',
        width: 'Width (cm)',
        height: 'Height (cm)',
        depth: 'Depth (cm)',
        doorOpen: 'Door open',
        doorChangedAt: 'Door changed at',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        status: { AVAILABLE: 'Available', OCCUPIED: 'Occupied', DAMAGE: 'Damaged', DIRTY: 'Dirty', BOOKED: 'Booked' },
        usageType: { DELIVERY: 'Delivery', LAUNDRY: 'Laundry', FOOD: 'Food', DROP: 'Drop' },
      },
      hints: {
        comNumber: 'Board channel that opens the lock',
        size: 'Layout code (S, M, L...)',
      },
      errors: {
        numberTaken: 'This e-box already has a compartment number {{value}}',
      },
      create: { success: 'Compartment created successfully' },
      update: { success: 'Compartment updated successfully' },
      destroy: { success: 'Compartment deleted successfully' },
      destroyAll: { success: 'Compartments deleted successfully' },
    },
  },
};
