/**
 * One valid example of every message of the contract, keyed by message name. They go into the
 * AsyncAPI document and the contract test checks each against its schema, so the document never
 * shows a message the schemas would refuse.
 */
export const EXAMPLE_LOCKER_UUID = '5f0c7a8e-3d2b-4c1a-9e6f-1b2c3d4e5f60';
const at = '2026-11-24T10:00:00Z';

export const TERMINAL_MESSAGE_EXAMPLES: Record<string, Record<string, unknown>> = {
  openCompartmentCommand: {
    message_id: 'b1d7c1e0-0001-4000-8000-000000000001',
    timestamp: at,
    transaction_id: 'txn-open-42',
    action: 'open_compartment',
    data: { compartment_number: 7 },
  },
  applyConfigCommand: {
    message_id: 'b1d7c1e0-0002-4000-8000-000000000002',
    timestamp: at,
    transaction_id: 'txn-config-1',
    action: 'apply_config',
    data: {
      // SHA-256 of [{"compartment_number":1,"slaveId":1,"address":0},{"compartment_number":2,"slaveId":1,"address":1}]
      config_hash: '689ce27107f5d0265555bace4fdb8df08ac3b66b626c0ab32d6c196ac50b28f0',
      heartbeat_interval_seconds: 10,
      compartments: [
        { compartment_number: 1, slaveId: 1, address: 0 },
        { compartment_number: 2, slaveId: 1, address: 1 },
      ],
    },
  },
  rebootCommand: {
    message_id: 'b1d7c1e0-0003-4000-8000-000000000003',
    timestamp: at,
    transaction_id: 'txn-reboot-1',
    action: 'reboot',
    data: {},
  },
  restartAppCommand: {
    message_id: 'b1d7c1e0-0004-4000-8000-000000000004',
    timestamp: at,
    transaction_id: 'txn-restart-1',
    action: 'restart_app',
    data: {},
  },
  syncCommand: {
    message_id: 'b1d7c1e0-0005-4000-8000-000000000005',
    timestamp: at,
    transaction_id: 'txn-sync-1',
    action: 'sync',
    data: {},
  },
  softwareUpdateCommand: {
    message_id: 'b1d7c1e0-0006-4000-8000-000000000006',
    timestamp: at,
    transaction_id: 'txn-update-1',
    action: 'software_update',
    data: {
      release_id: '7c9e2b4a-1d3f-4e5a-8b6c-0d1e2f3a4b5c',
      kind: 'application',
      version: '3.2.0',
      url: 'https://console.example.com/files/releases/terminal-3.2.0.tar.gz?expires=1795000000&signature=3f9a',
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      size: 48_213_504,
      maintenance_window: { start: '02:00', end: '05:00', time_zone: 'America/Sao_Paulo' },
      attempt: 1,
    },
  },
  applyAccessCodesCommand: {
    message_id: 'b1d7c1e0-0007-4000-8000-000000000007',
    timestamp: at,
    transaction_id: 'txn-codes-1',
    action: 'apply_access_codes',
    data: {
      as_of: '2026-11-24T09:59:59.870Z',
      codes: [
        {
          compartment_number: 7,
          access_code: '483920',
          allows: 'deposit',
          order_id: '0b6f2c1e-7a4d-4e8b-9c3f-2d1e0a9b8c7d',
          tracking_code: 'BR123456789',
        },
        { compartment_number: 2, access_code: '118822', allows: 'pickup', order_id: '4c2e8a1f-3b5d-4f6a-8e9c-1a2b3c4d5e6f' },
      ],
      runs: [
        {
          run_code: '73019248',
          packing_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          valid_from: '2026-11-24T06:00:00.000Z',
          valid_until: '2026-11-24T18:00:00.000Z',
          deposits: [{ order_id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', tracking_code: 'BR987654321', compartment_number: 9 }],
          collections: [{ order_id: '6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2b', tracking_code: 'BR555000111', compartment_number: 3 }],
        },
      ],
    },
  },
  commandSuccessResponse: {
    message_id: 'd0c2a5b8-0001-4000-8000-000000000001',
    timestamp: '2026-11-24T10:00:00.050Z',
    transaction_id: 'txn-open-42',
    action: 'open_compartment',
    result: 'success',
    message: 'Compartment 7 opened',
  },
  applyConfigSuccessResponse: {
    message_id: 'd0c2a5b8-0002-4000-8000-000000000002',
    timestamp: at,
    transaction_id: 'txn-config-1',
    action: 'apply_config',
    result: 'success',
    applied_config_hash: '689ce27107f5d0265555bace4fdb8df08ac3b66b626c0ab32d6c196ac50b28f0',
  },
  commandErrorResponse: {
    message_id: 'd0c2a5b8-0003-4000-8000-000000000003',
    timestamp: at,
    transaction_id: 'txn-reboot-1',
    action: 'reboot',
    result: 'error',
    error_code: 'INVALID_COMMAND',
    message: 'Unknown action',
  },
  deviceEvent: {
    message_id: 'e7a1f3c9-0001-4000-8000-000000000001',
    timestamp: at,
    event: 'tamper_detected',
    data: { sensor: 'front' },
  },
  doorOpenedEvent: {
    message_id: 'e7a1f3c9-0002-4000-8000-000000000002',
    timestamp: at,
    event: 'door_opened',
    data: { compartment_number: 7, transaction_id: 'txn-open-42' },
  },
  doorClosedEvent: {
    message_id: 'e7a1f3c9-0003-4000-8000-000000000003',
    timestamp: at,
    event: 'door_closed',
    data: { compartment_number: 7 },
  },
  doorOpenedWithoutCommandEvent: {
    message_id: 'e7a1f3c9-0004-4000-8000-000000000004',
    timestamp: at,
    event: 'door_opened_without_command',
    data: { compartment_number: 3 },
  },
  parcelDepositedEvent: {
    message_id: 'e7a1f3c9-0005-4000-8000-000000000005',
    timestamp: at,
    event: 'parcel_deposited',
    data: { compartment_number: 7, access_code: '483920', tracking_code: 'BR123456789' },
  },
  parcelTakenEvent: {
    message_id: 'e7a1f3c9-0006-4000-8000-000000000006',
    timestamp: at,
    event: 'parcel_taken',
    data: { compartment_number: 7, access_code: '771204' },
  },
  versionsEvent: {
    message_id: 'e7a1f3c9-0007-4000-8000-000000000007',
    timestamp: at,
    event: 'versions',
    data: { application: 'ebox-terminal', application_version: '3.1.4', os: 'linux', os_version: 'Debian 12' },
  },
  softwareUpdateProgressEvent: {
    message_id: 'e7a1f3c9-0011-4000-8000-000000000011',
    timestamp: '2026-11-25T05:02:11Z',
    event: 'software_update_progress',
    data: {
      release_id: '7c9e2b4a-1d3f-4e5a-8b6c-0d1e2f3a4b5c',
      attempt: 1,
      sequence: 4,
      state: 'waiting-idle',
      kind: 'application',
      version: '3.2.0',
      detail: 'door of compartment 3 open',
    },
  },
  offlineBatchEvent: {
    message_id: 'e7a1f3c9-0008-4000-8000-000000000008',
    timestamp: '2026-11-24T10:05:00Z',
    event: 'offline_batch',
    data: {
      events: [
        {
          message_id: 'e7a1f3c9-0009-4000-8000-000000000009',
          timestamp: '2026-11-24T09:41:12Z',
          event: 'parcel_taken',
          data: { compartment_number: 2, access_code: '118822' },
        },
        {
          message_id: 'e7a1f3c9-0010-4000-8000-000000000010',
          timestamp: '2026-11-24T09:41:30Z',
          event: 'door_closed',
          data: { compartment_number: 2 },
        },
      ],
    },
  },
  operatorSignInEvent: {
    message_id: 'e7a1f3c9-0012-4000-8000-000000000012',
    timestamp: at,
    event: 'operator_sign_in',
    data: { request_id: 'signin-1', method: 'pin', user: 'tech@example.com', pin: '482913' },
  },
  operatorActionEvent: {
    message_id: 'e7a1f3c9-0013-4000-8000-000000000013',
    timestamp: at,
    event: 'operator_action',
    data: { session_id: '0b6f5c1e-7a2d-4c3b-9e8f-1a2b3c4d5e6f', action: 'compartment_lock', compartment_number: 4 },
  },
  operatorSignOutEvent: {
    message_id: 'e7a1f3c9-0014-4000-8000-000000000014',
    timestamp: at,
    event: 'operator_sign_out',
    data: { session_id: '0b6f5c1e-7a2d-4c3b-9e8f-1a2b3c4d5e6f' },
  },
  operatorSessionReply: {
    message_id: 'b1d7c1e0-0009-4000-8000-000000000009',
    timestamp: at,
    transaction_id: 'signin-1',
    action: 'operator_session',
    data: {
      result: 'granted',
      session_id: '0b6f5c1e-7a2d-4c3b-9e8f-1a2b3c4d5e6f',
      expires_at: '2026-11-24T10:30:00Z',
      user: { id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', name: 'Ana Souza' },
      permissions: ['terminalCompartmentRead', 'terminalCompartmentTest', 'terminalCompartmentEdit', 'terminalMaintenance'],
    },
  },
  heartbeatState: { message_id: 'f3b9d2a4-0001-4000-8000-000000000001', timestamp: at, uptime_seconds: 3600 },
  snapshotState: {
    message_id: 'f3b9d2a4-0002-4000-8000-000000000002',
    timestamp: at,
    compartments: [
      { compartment_number: 1, door_state: 'closed' },
      { compartment_number: 2, door_state: 'open' },
      { compartment_number: 3, door_state: 'unknown' },
    ],
  },
  connectionLostState: {
    message_id: 'f3b9d2a4-0003-4000-8000-000000000003',
    timestamp: '2026-11-24T08:00:00Z',
    status: 'offline',
    reason: 'mqtt_last_will',
  },
  provisioningRequest: { message_id: 'a4c8e2f6-0001-4000-8000-000000000001', timestamp: at, client_id: 'locker-client-a1b2c3' },
  provisioningSuccessReply: {
    message_id: 'a4c8e2f6-0002-4000-8000-000000000002',
    timestamp: at,
    status: 'success',
    data: { mqtt_user: EXAMPLE_LOCKER_UUID, mqtt_password: 'generated-once-per-enrolment' },
  },
  provisioningErrorReply: {
    message_id: 'a4c8e2f6-0003-4000-8000-000000000003',
    timestamp: at,
    status: 'error',
    message: 'Token expired',
  },
};
