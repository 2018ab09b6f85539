// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC1271} from "./IERC1271.sol";

/// @title TestWallet1271: a TEST-ONLY EIP-1271 contract wallet.
/// @notice Accepts a hash as signed when its single owner EOA signed the
/// hash itself (no prefix) with ECDSA, given either as 65 bytes r‖s‖v
/// (v 27/28) or in the 64-byte EIP-2098 compact form r‖(yParity<<255 | s).
/// The compact form lets tests reach a token's bytes-signature path.
contract TestWallet1271 is IERC1271 {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant INVALID = 0xffffffff;
    uint256 private constant SECP256K1_HALF_ORDER =
        0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    constructor(address owner_) {
        require(owner_ != address(0), "TestWallet1271: zero owner");
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes memory signature) external view override returns (bytes4) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (signature.length == 65) {
            assembly ("memory-safe") {
                r := mload(add(signature, 0x20))
                s := mload(add(signature, 0x40))
                v := byte(0, mload(add(signature, 0x60)))
            }
        } else if (signature.length == 64) {
            bytes32 vs;
            assembly ("memory-safe") {
                r := mload(add(signature, 0x20))
                vs := mload(add(signature, 0x40))
            }
            s = vs & bytes32(0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff);
            v = uint8(uint256(vs >> 255)) + 27;
        } else {
            return INVALID;
        }
        if (uint256(s) > SECP256K1_HALF_ORDER || (v != 27 && v != 28)) {
            return INVALID;
        }
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : INVALID;
    }
}
