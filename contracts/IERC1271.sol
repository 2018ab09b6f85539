// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title IERC1271
/// @notice EIP-1271 signature validation for contract accounts: a valid
/// signature makes isValidSignature return the magic value 0x1626ba7e.
interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes memory signature) external view returns (bytes4 magicValue);
}
