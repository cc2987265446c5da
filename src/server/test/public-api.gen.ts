/**
 * The API's types, generated from the OpenAPI document of createApp() (GET /api/v1/openapi.json) by
 * `npx tsx scripts/generate-api-types.ts`. Do not edit: change the route or the shared schema and
 * regenerate (`npm run lint` fails while this file is stale). Decision 023.
 * The public API's document only, as an integrator's generator reads it (issue 33).
 */

export interface paths {
    "/api/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find members
         * @description The company's active members, oldest first, cursor-paginated. Filter by `phone`, `email`, `shortCode` (as the card shows it) or `qr` (a scanned QR code's payload, valid about a minute: 410 counter_code_expired past it, 400 with the same code for one never issued). Scope `members:read`.
         */
        get: operations["findMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person
         * @description E-mails the person an invitation to the company's programme. They become a member, and their data is shared, only when they accept. The answer is the same whether or not the e-mail already has an account. Scope `members:write`.
         */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/{id}/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A member's cards
         * @description The member's loyalty cards at the company, newest first: stamps, size, status, reward and redemption. Scope `members:read`.
         */
        get: operations["listMemberCards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stamps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stamps since a cursor
         * @description Every stamp that counted at the company (the panel's, the counter's, the rules', the API's), in the order they counted, oldest first, for reconciliation: keep the last `nextCursor` and ask again later. Scope `members:read`.
         */
        get: operations["listStamps"];
        put?: never;
        /**
         * Add stamps
         * @description Stamps on the member's open card in the programme (the default one when `programId` is absent), by `count` or by `amountCents` with the company's rule '1 carimbo a cada R$ X' (at most its maximum per purchase). The counter's interval and daily cap apply. With `externalSaleId` a sale stamps once: a repeat answers the first stamp with 200. Scope `stamps:write`.
         */
        post: operations["addStamps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{id}/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeem a complete card
         * @description Marks a complete card redeemed (the reward given); the member's next stamp opens a new card. Scope `rewards:write`.
         */
        post: operations["redeemCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/redemptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redemptions since a cursor
         * @description Every card redeemed at the company, in the order they were redeemed, oldest first, for reconciliation. Scope `members:read`.
         */
        get: operations["listRedemptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook endpoints of the key's mode (live or test) [webhooks:manage]
         * @description Lists the company's endpoints for the key's mode: a live key the live company's, a test key the sandbox's. Each carries its `secret` (`whsec_…`) to verify deliveries with a Standard Webhooks library.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Adds an endpoint (a public HTTPS URL) for the events it names; its `secret` verifies the deliveries' signatures (Standard Webhooks) [webhooks:manage]
         * @description Each event is POSTed as JSON `{ type, timestamp, data }` with the headers `webhook-id` (the same on every retry: dedupe on it), `webhook-timestamp` and `webhook-signature`. A 2xx answer within 10 s is a success; otherwise it is retried with exponential backoff for about a day, then the endpoint is turned off and the owner e-mailed. Redirects are not followed. A URL that is not HTTPS or resolves to a loopback, private, link-local or metadata address is refused: 400 `webhook_url_forbidden`. At most 10 endpoints: 409 `webhook_endpoints_limited`.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Removes an endpoint of the key's mode and its delivery log [webhooks:manage]
         * @description The endpoint receives nothing more; deliveries still waiting are dropped. An endpoint of the other mode, or another company's, is a 404.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ApiError: {
            error: {
                /** @enum {string} */
                code: "validation_failed" | "invalid_credentials" | "email_not_confirmed" | "email_taken" | "rate_limited" | "unauthenticated" | "forbidden" | "role_forbidden" | "not_found" | "payload_too_large" | "signup_failed" | "card_complete" | "card_not_complete" | "card_redeemed" | "claim_pending" | "claim_not_allowed" | "review_already_claimed" | "claim_not_pending" | "file_too_large" | "file_type_invalid" | "message_already_answered" | "interest_already_answered" | "customer_inactive" | "invitation_invalid" | "invitation_code_invalid" | "import_file_too_large" | "import_file_type" | "import_file_unreadable" | "import_file_empty" | "import_too_many_rows" | "import_columns_missing" | "import_program_required" | "import_not_preview" | "import_nothing_valid" | "plan_expired" | "wrong_password" | "two_factor_invalid_code" | "two_factor_challenge_expired" | "two_factor_locked" | "two_factor_already_enabled" | "two_factor_not_enabled" | "reset_token_invalid" | "opt_out_token_invalid" | "idempotency_key_reused" | "card_already_open" | "program_archived" | "program_is_default" | "location_change_too_soon" | "referral_state_conflict" | "referral_reward_unavailable" | "bonus_insufficient" | "subscription_exists" | "subscription_not_active" | "plan_unchanged" | "billing_provider_failed" | "billing_unavailable" | "subscribe_limited" | "invoice_overdue" | "assistant_plan_required" | "whatsapp_unavailable" | "instagram_unavailable" | "partnership_exists" | "partnership_unavailable" | "partnership_state_conflict" | "partnership_sender_inactive" | "partner_messages_limited" | "demo_read_only" | "stamp_too_soon" | "stamp_daily_cap" | "override_not_allowed" | "counter_code_expired" | "customer_not_member" | "counter_stamp_in_future" | "counter_stamp_too_old" | "last_owner" | "staff_invitation_invalid" | "staff_email_is_customer" | "already_in_team" | "team_invitations_limited" | "self_stamp_disabled" | "stamp_amount_too_low" | "poster_program_required" | "wallet_off" | "api_key_invalid" | "scope_required" | "idempotency_key_required" | "api_keys_limited" | "webhook_endpoints_limited" | "webhook_url_forbidden" | "stamp_value_rule_off" | "export_limit_reached" | "company_closed" | "company_not_closed" | "internal_error";
                message: string;
                fields?: {
                    [key: string]: string;
                };
            };
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            description: string | null;
            /** @enum {string} */
            mode: "live" | "test";
            events: ("member.joined" | "stamp.added" | "card.completed" | "reward.redeemed" | "claim.decided" | "referral.qualified")[];
            enabled: boolean;
            disabledReason: string | null;
            secret: string;
            createdAt: string;
        };
        V1CreateWebhookEndpoint: {
            /** Format: uri */
            url: string;
            events: ("member.joined" | "stamp.added" | "card.completed" | "reward.redeemed" | "claim.decided" | "referral.qualified")[];
            description?: string;
        };
        V1WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
        };
        V1RedemptionPage: {
            data: components["schemas"]["V1Redemption"][];
            /** @description Where to ask from next time: the last row's cursor (or the one you sent when nothing is new; null only when there is nothing yet). Keep it, even at the end. */
            nextCursor: string | null;
            /** @description More rows are waiting now: ask again with `nextCursor`. */
            hasMore: boolean;
        };
        V1Redemption: {
            cardId: string;
            memberId: string;
            programId: string;
            reward: string;
            redeemedAt: string;
            viaKey: string | null;
        };
        V1Card: {
            id: string;
            programId: string;
            programName: string;
            stamps: number;
            maxStamps: number;
            /** @enum {string} */
            status: "active" | "complete" | "redeemed";
            reward: string;
            createdAt: string;
            completedAt: string | null;
            redeemedAt: string | null;
            redeemedViaKey: string | null;
        };
        V1Redeem: {
            notes?: string;
        };
        V1StampPage: {
            data: components["schemas"]["V1Stamp"][];
            /** @description Where to ask from next time: the last row's cursor (or the one you sent when nothing is new; null only when there is nothing yet). Keep it, even at the end. */
            nextCursor: string | null;
            /** @description More rows are waiting now: ask again with `nextCursor`. */
            hasMore: boolean;
        };
        V1Stamp: {
            id: string;
            memberId: string;
            cardId: string;
            count: number;
            amountCents: number | null;
            externalSaleId: string | null;
            viaKey: string | null;
            card: components["schemas"]["V1CardProgress"];
            createdAt: string;
        };
        V1CardProgress: {
            id: string;
            programId: string;
            stamps: number;
            maxStamps: number;
            /** @enum {string} */
            status: "active" | "complete" | "redeemed";
        };
        V1AddStamps: {
            memberId: string;
            count?: number;
            /** @description The purchase's amount in centavos (R$ 47,50 = 4750), 1 to 10000000. */
            amountCents?: number;
            /** @description The till's own id of the sale: the same sale stamps once (a repeat answers the first stamp with 200). */
            externalSaleId?: string;
            /** @description The programme (the company's default when absent). */
            programId?: string;
        };
        V1CardList: {
            data: components["schemas"]["V1Card"][];
        };
        /** @description The invitation; the same answer whether or not the e-mail already has an account, and no member data until the person accepts. */
        V1Invitation: {
            id: string;
            email: string;
            /** @enum {string} */
            status: "pending";
            expiresAt: string;
        };
        V1Invite: {
            /** Format: email */
            email: string;
            name?: string;
            phone?: string;
        };
        V1MemberPage: {
            data: components["schemas"]["V1Member"][];
            nextCursor: string | null;
        };
        /** @description An active member of the company. */
        V1Member: {
            id: string;
            name: string;
            email: string;
            phone: string | null;
            shortCode: string | null;
            joinedAt: string;
            /** @enum {string} */
            status: "active";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    findMembers: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the page before (opaque); absent for the first page. */
                cursor?: string;
                /** @description Rows per page, 1 to 100 (default 50). */
                limit?: number;
                /** @description The member's phone, any format (its digits are compared; +55 optional). */
                phone?: string;
                /** @description The member's e-mail (case ignored). */
                email?: string;
                /** @description The member's short code as their card shows it, e.g. `K7Q-2MX`. */
                shortCode?: string;
                /** @description The payload of the QR code the member's card shows ('Mostrar no balcão'); valid for about a minute. */
                qr?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1MemberPage"];
                };
            };
            /** @description validation_failed: `fields` names each wrong field with a code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description api_key_invalid: a missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description scope_required: the key lacks the route's scope (`fields.scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description counter_code_expired: the scanned QR code is too old */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited: past the key's requests a minute; wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header: {
                /** @description A key of yours for this operation (e.g. a UUID): a repeat with the same key and body answers the first answer and writes nothing; the same key with another body is refused (422 idempotency_key_reused). */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["V1Invite"];
            };
        };
        responses: {
            /** @description The invitation */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Invitation"];
                };
            };
            /** @description validation_failed (`fields` names each wrong field) / idempotency_key_required (no Idempotency-Key header) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description api_key_invalid: a missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description plan_expired: the company's trial ended (stamps and redemptions still work) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description scope_required: the key lacks the route's scope (`fields.scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited: past the key's requests a minute; wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listMemberCards: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cards */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1CardList"];
                };
            };
            /** @description validation_failed: `fields` names each wrong field with a code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description api_key_invalid: a missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description scope_required: the key lacks the route's scope (`fields.scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description not_found: not an active member of the company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited: past the key's requests a minute; wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listStamps: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the page before (opaque); absent for the first page. */
                cursor?: string;
                /** @description Rows per page, 1 to 100 (default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of stamps */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1StampPage"];
                };
            };
            /** @description validation_failed: `fields` names each wrong field with a code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description api_key_invalid: a missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description scope_required: the key lacks the route's scope (`fields.scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited: past the key's requests a minute; wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    addStamps: {
        parameters: {
            query?: never;
            header: {
                /** @description A key of yours for this operation (e.g. a UUID): a repeat with the same key and body answers the first answer and writes nothing; the same key with another body is refused (422 idempotency_key_reused). */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["V1AddStamps"];
            };
        };
        responses: {
            /** @description The sale (`externalSaleId`) was stamped before: its stamp */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Stamp"];
                };
            };
            /** @description The stamp, and the card after it */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Stamp"];
                };
            };
            /** @description validation_failed (`fields` names each wrong field) / idempotency_key_required (no Idempotency-Key header) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description api_key_invalid: a missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description plan_expired: the company's trial ended (stamps and redemptions still work) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description scope_required: the key lacks the route's scope (`fields.scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description not_found: not an active member, or no such programme */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description card_complete (redeem it first) / stamp_too_soon / stamp_daily_cap (`fields.at`: when the next stamp is allowed) / program_archived */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description stamp_value_rule_off (amountCents without the value rule) / stamp_amount_too_low (worth less than one stamp) / idempotency_key_reused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited: past the key's requests a minute; wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    redeemCard: {
        parameters: {
            query?: never;
            header: {
                /** @description A key of yours for this operation (e.g. a UUID): a repeat with the same key and body answers the first answer and writes nothing; the same key with another body is refused (422 idempotency_key_reused). */
                "idempotency-key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["V1Redeem"];
            };
        };
        responses: {
            /** @description The card, redeemed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Card"];
                };
            };
            /** @description validation_failed (`fields` names each wrong field) / idempotency_key_required (no Idempotency-Key header) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description api_key_invalid: a missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description plan_expired: the company's trial ended (stamps and redemptions still work) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description scope_required: the key lacks the route's scope (`fields.scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description not_found: no such card at the company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description card_not_complete / card_redeemed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited: past the key's requests a minute; wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listRedemptions: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the page before (opaque); absent for the first page. */
                cursor?: string;
                /** @description Rows per page, 1 to 100 (default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of redemptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1RedemptionPage"];
                };
            };
            /** @description validation_failed: `fields` names each wrong field with a code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description api_key_invalid: a missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description scope_required: the key lacks the route's scope (`fields.scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited: past the key's requests a minute; wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1WebhookEndpointList"];
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description unauthenticated / invalid_credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description forbidden / email_not_confirmed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description email_taken / card_complete / card_not_complete / card_redeemed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description claim_not_allowed / idempotency_key_reused (same key, another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description A key of yours for this operation (e.g. a UUID): a repeat with the same key and body answers the first answer and writes nothing; the same key with another body is refused (422 idempotency_key_reused). */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["V1CreateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description The endpoint, with its secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description unauthenticated / invalid_credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description forbidden / email_not_confirmed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description email_taken / card_complete / card_not_complete / card_redeemed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description claim_not_allowed / idempotency_key_reused (same key, another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description A key of yours for this operation (e.g. a UUID): a repeat with the same key and body answers the first answer and writes nothing; the same key with another body is refused (422 idempotency_key_reused). */
                "idempotency-key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description unauthenticated / invalid_credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description forbidden / email_not_confirmed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description email_taken / card_complete / card_not_complete / card_redeemed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description claim_not_allowed / idempotency_key_reused (same key, another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
}
