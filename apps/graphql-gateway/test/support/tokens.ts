// Test users carry tokens signed with the test keys the app's test config trusts.
import { signTestTokensWith } from '@qpc/domain/testing';
import { tokenFor } from '@qpc/server-kit/testing';

signTestTokensWith((sub) => tokenFor(sub));
