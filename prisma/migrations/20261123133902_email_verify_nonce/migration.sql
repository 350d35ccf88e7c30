-- migration: additive
-- the verification link names this value; a new verification email replaces it
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifyNonce" TEXT;
