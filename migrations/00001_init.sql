-- +goose Up
-- The whole marketplace schema: accounts, the catalogue, bookings and the money
-- that moves through them. Ids are bigint identities (strings on the wire).
-- Nothing that is money is ever hard-deleted: users and products are
-- soft-deleted, bookings are cancelled, payments are kept for good.

CREATE TABLE users (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_name     text        NOT NULL CONSTRAINT users_user_name_check CHECK (length(user_name) BETWEEN 1 AND 100),
    -- stored lower-cased by the application; the unique index below guards it anyway
    email         text        NOT NULL CONSTRAINT users_email_check CHECK (length(email) BETWEEN 3 AND 254 AND position('@' IN email) > 1),
    photo_url     text        NOT NULL DEFAULT '',
    -- NULL for accounts that only ever signed in with Google
    password_hash text,
    role          text        NOT NULL DEFAULT 'Buyer' CONSTRAINT users_role_check CHECK (role IN ('Buyer', 'Seller', 'Admin')),
    verified      boolean     NOT NULL DEFAULT false,
    -- OpenID Connect identity ("issuer sub"), unique when present
    oidc_subject  text,
    -- every access token carries this number; bumping it (logout, password
    -- change) makes all earlier tokens of the account stop working at once
    token_version integer     NOT NULL DEFAULT 1,
    created_at    timestamptz NOT NULL DEFAULT now(),
    deleted_at    timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX users_oidc_subject_key ON users (oidc_subject) WHERE oidc_subject IS NOT NULL;
CREATE INDEX users_role_idx ON users (role, id) WHERE deleted_at IS NULL;

CREATE TABLE images (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- content-derived storage key, e.g. "3f9c...e1.jpg"
    key         text        NOT NULL CONSTRAINT images_key_key UNIQUE,
    content_type text       NOT NULL CONSTRAINT images_content_type_check CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
    width       integer     NOT NULL CONSTRAINT images_width_check CHECK (width > 0),
    height      integer     NOT NULL CONSTRAINT images_height_check CHECK (height > 0),
    size_bytes  bigint      NOT NULL CONSTRAINT images_size_check CHECK (size_bytes > 0),
    -- who uploaded it; NULL for images that came with the shop
    uploader_id bigint      CONSTRAINT images_uploader_fkey REFERENCES users (id),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text        NOT NULL CONSTRAINT categories_name_key UNIQUE CONSTRAINT categories_name_check CHECK (length(name) BETWEEN 1 AND 60),
    image      text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO categories (name, image) VALUES
    ('WALTON', '/categories/walton.svg'),
    ('APPLE',  '/categories/apple.svg'),
    ('HP',     '/categories/hp.svg'),
    ('ASUS',   '/categories/asus.svg');

CREATE TABLE products (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    seller_id      bigint      NOT NULL CONSTRAINT products_seller_fkey REFERENCES users (id),
    category_id    bigint      NOT NULL CONSTRAINT products_category_fkey REFERENCES categories (id),
    product_name   text        NOT NULL CONSTRAINT products_product_name_check CHECK (length(product_name) BETWEEN 1 AND 200),
    picture        text        NOT NULL CONSTRAINT products_picture_check CHECK (length(picture) BETWEEN 1 AND 500),
    -- whole Tk; Stripe's amount limit is eight digits in the smallest unit
    sell_price     bigint      NOT NULL CONSTRAINT products_sell_price_check CHECK (sell_price BETWEEN 1 AND 999999),
    original_price bigint      NOT NULL CONSTRAINT products_original_price_check CHECK (original_price BETWEEN 1 AND 99999999),
    condition      text        NOT NULL CONSTRAINT products_condition_check CHECK (condition IN ('excellent', 'good', 'fair')),
    location       text        NOT NULL CONSTRAINT products_location_check CHECK (length(location) BETWEEN 1 AND 200),
    -- years of use as the seller wrote it ("2", "1.5")
    used           text        NOT NULL CONSTRAINT products_used_check CHECK (length(used) BETWEEN 1 AND 40),
    -- the seller's phone number
    phone          text        NOT NULL CONSTRAINT products_phone_check CHECK (length(phone) BETWEEN 3 AND 20),
    description    text        NOT NULL DEFAULT '' CONSTRAINT products_description_check CHECK (length(description) <= 5000),
    advertised_at  timestamptz,
    sold_at        timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    deleted_at     timestamptz
);
-- the catalogue lists: available products of a category, newest first
CREATE INDEX products_category_available_idx ON products (category_id, created_at DESC, id DESC)
    WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_advertised_idx ON products (advertised_at DESC, id DESC)
    WHERE advertised_at IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_seller_idx ON products (seller_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- One row per user who reported a product: a product is "reported" while it has any.
CREATE TABLE product_reports (
    product_id  bigint      NOT NULL CONSTRAINT product_reports_product_fkey REFERENCES products (id),
    reporter_id bigint      NOT NULL CONSTRAINT product_reports_reporter_fkey REFERENCES users (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT product_reports_pkey PRIMARY KEY (product_id, reporter_id)
);

CREATE TABLE bookings (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id        bigint      NOT NULL CONSTRAINT bookings_product_fkey REFERENCES products (id),
    buyer_id          bigint      NOT NULL CONSTRAINT bookings_buyer_fkey REFERENCES users (id),
    -- snapshots taken when the booking is made, so a later edit or deletion
    -- cannot change what the buyer agreed to pay
    buyer_name        text        NOT NULL,
    buyer_email       text        NOT NULL,
    product_name      text        NOT NULL,
    price             bigint      NOT NULL CONSTRAINT bookings_price_check CHECK (price > 0),
    phone             text        NOT NULL CONSTRAINT bookings_phone_check CHECK (length(phone) BETWEEN 3 AND 20),
    meet_location     text        NOT NULL CONSTRAINT bookings_meet_location_check CHECK (length(meet_location) BETWEEN 1 AND 200),
    -- the Stripe PaymentIntent made for this booking, reused on every retry
    payment_intent_id text        CONSTRAINT bookings_payment_intent_key UNIQUE,
    paid_at           timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    cancelled_at      timestamptz,
    CONSTRAINT bookings_paid_not_cancelled CHECK (paid_at IS NULL OR cancelled_at IS NULL)
);
-- a buyer holds at most one open booking per product
CREATE UNIQUE INDEX bookings_open_key ON bookings (product_id, buyer_id) WHERE cancelled_at IS NULL;
-- a product is paid for at most once
CREATE UNIQUE INDEX bookings_paid_product_key ON bookings (product_id) WHERE paid_at IS NOT NULL;
CREATE INDEX bookings_buyer_idx ON bookings (buyer_id, created_at DESC, id DESC) WHERE cancelled_at IS NULL;

CREATE TABLE payments (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    booking_id     bigint      NOT NULL CONSTRAINT payments_booking_key UNIQUE CONSTRAINT payments_booking_fkey REFERENCES bookings (id),
    product_id     bigint      NOT NULL CONSTRAINT payments_product_fkey REFERENCES products (id),
    buyer_id       bigint      NOT NULL CONSTRAINT payments_buyer_fkey REFERENCES users (id),
    buyer_email    text        NOT NULL,
    -- whole Tk as booked, and what Stripe charged in the smallest unit
    price          bigint      NOT NULL CONSTRAINT payments_price_check CHECK (price > 0),
    amount         bigint      NOT NULL CONSTRAINT payments_amount_check CHECK (amount > 0),
    currency       text        NOT NULL CONSTRAINT payments_currency_check CHECK (currency ~ '^[a-z]{3}$'),
    -- the Stripe PaymentIntent id
    transaction_id text        NOT NULL CONSTRAINT payments_transaction_key UNIQUE,
    -- succeeded: the sale stands; refund_required / refunded: the product had
    -- already been sold to someone else when this payment landed
    status         text        NOT NULL DEFAULT 'succeeded' CONSTRAINT payments_status_check CHECK (status IN ('succeeded', 'refund_required', 'refunded')),
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- Stripe webhook events already handled, so a redelivery changes nothing.
CREATE TABLE stripe_events (
    event_id    text        PRIMARY KEY,
    type        text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE payments;
DROP TABLE bookings;
DROP TABLE product_reports;
DROP TABLE products;
DROP TABLE categories;
DROP TABLE images;
DROP TABLE users;
